"""Many games, statistics, worker processes."""
