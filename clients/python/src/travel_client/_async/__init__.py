"""The client, by group of operations: _async/ is written by hand, _sync/ generated from it by
scripts/sdk-codegen.sh."""
