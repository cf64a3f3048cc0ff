"""Developer scripts for settemezzo (not shipped in the package)."""
