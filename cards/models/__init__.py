"""Typed schemas: the shared game file (`base`) and one module per rules family."""
