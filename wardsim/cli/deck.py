"""`wardsim deck`: check deck files."""
