"""``python -m dream_assets.cli``."""

from dream_assets.cli import main

raise SystemExit(main())
