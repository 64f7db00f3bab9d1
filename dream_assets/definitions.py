"""The one entry point: every asset, check, job, sensor and resource of dream_assets.

The deployment's options (the ``DREAM_*`` environment, ``defs/deployment.py``) are read once per
process and handed from here to what is built from them: the sensors, the executor and the
freshness, and the ``dream`` resource, which layers each agent's ``dream-options.json`` over them
(the model pool the assets declare is ``pools.MODEL_POOL``, of the same options).
Freshness is applied here, centrally (``defs.freshness``): the cycle's freshness policy on
every asset of the cycle. So are the UI conventions (``defs.conventions``): owners, tags and code
references on every asset.
"""

import os

import dagster as dg

from dream_assets.defs.assets import audit
from dream_assets.defs.conventions import with_code_references, with_ui_conventions
from dream_assets.defs.deployment import DEPLOYMENT
from dream_assets.defs.executor import build_executor
from dream_assets.defs.freshness import with_cycle_freshness
from dream_assets.defs.jobs import CYCLE_ASSETS, PASS_CHECKS, dream_cycle_job
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets.defs.review_queue import (
    review_queue,
    review_queue_no_stale_items,
    review_queue_watch,
)
from dream_assets.defs.sensors import build_sensors

ASSETS = with_code_references([*CYCLE_ASSETS, *audit.ASSETS])
CYCLE = dg.AssetSelection.assets(*CYCLE_ASSETS)

defs = with_cycle_freshness(
    with_ui_conventions(
        dg.Definitions(
            # The review queue is observed (a sensor), never materialized: an external asset.
            assets=[*ASSETS, review_queue],
            asset_checks=[*PASS_CHECKS, *audit.CHECKS, review_queue_no_stale_items],
            jobs=[dream_cycle_job, *audit.JOBS],
            schedules=audit.SCHEDULES,
            sensors=[*build_sensors(DEPLOYMENT), review_queue_watch],
            resources={
                # Unset, DREAM_AGENTS_ROOT is read when the resource is used (DreamResource.root).
                "dream": DreamResource(
                    agents_root=dg.EnvVar("DREAM_AGENTS_ROOT"), options=DEPLOYMENT
                )
                if os.environ.get("DREAM_AGENTS_ROOT")
                else DreamResource(options=DEPLOYMENT),
                "llm": LLMResource(),
            },
            # By default the passes of one agent run in sequence in the run's process: they share
            # the agent's volume, and a process per step would cost more start-up than the passes
            # themselves. DREAM_EXECUTOR=celery sends the steps to Celery workers on other
            # machines instead (defs/executor.py, docs/deploy.md).
            executor=build_executor(DEPLOYMENT),
        ),
        cycle=CYCLE,
    ),
    DEPLOYMENT,
    cycle=CYCLE,
)
