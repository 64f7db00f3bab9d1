"""The operators' review page (docs/safety.md, "Review queue"; docs/deploy.md)."""
