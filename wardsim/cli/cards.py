"""`wardsim cards`: list the catalog."""
