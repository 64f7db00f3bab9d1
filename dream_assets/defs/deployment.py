"""The deployment's options: the environment (``DREAM_*``), read once per process when the
definitions load.

``definitions.py``, the one entry point, passes them on to what is built from them: the sensors
(``sensors.build_sensors``), the executor, the cycle's freshness, the ``dream`` resource
(``DreamResource.options``) and the model pool (``pools.MODEL_POOL``, declared on the assets as
they are defined). An agent's own ``dream-options.json`` is layered over them with the agent,
by ``DreamResource.agent``.
"""

from __future__ import annotations

import os

from dream_assets.core.options import DreamOptions, load_options

DEPLOYMENT: DreamOptions = load_options(os.environ)
