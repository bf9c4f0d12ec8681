"""Benchmarks: the service against a bare baseline doing the same SQL, in the same run."""
