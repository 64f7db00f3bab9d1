"""dream_assets: an LLM agent's dream cycle as Dagster software-defined assets."""

__version__ = "0.1.0"
