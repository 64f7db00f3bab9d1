"""The rules of the asset checks, in plain Python: each re-verifies a run from disk."""
