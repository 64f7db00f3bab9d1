"""The rules of the asset checks, without Dagster: each re-verifies from the files on disk."""
