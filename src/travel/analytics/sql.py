"""Dialect-aware SQL pieces the analytics queries need (SQLite and PostgreSQL differ on dates)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Integer
from sqlalchemy.exc import CompileError
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.functions import FunctionElement


class days_between(FunctionElement[int]):  # lower case: it reads as the SQL function it renders
    """`days_between(end, start)`: whole days from the date `start` to the date `end`."""

    type = Integer()
    inherit_cache = True
    name = "days_between"


def _operands(element: days_between, compiler: SQLCompiler, **kw: Any) -> tuple[str, str]:
    end, start = element.clauses
    return compiler.process(end, **kw), compiler.process(start, **kw)


@compiles(days_between)
def _unsupported(element: days_between, compiler: SQLCompiler, **kw: Any) -> str:
    raise CompileError(f"days_between is not implemented for {compiler.dialect.name}")


@compiles(days_between, "sqlite")
def _sqlite(element: days_between, compiler: SQLCompiler, **kw: Any) -> str:
    # SQLite stores dates as ISO text; julianday() turns them into day numbers. Two midnights
    # are a whole number of days apart, so the cast loses nothing.
    end, start = _operands(element, compiler, **kw)
    return f"CAST(julianday({end}) - julianday({start}) AS INTEGER)"


@compiles(days_between, "postgresql")
def _postgresql(element: days_between, compiler: SQLCompiler, **kw: Any) -> str:
    # date - date is an integer number of days in PostgreSQL.
    end, start = _operands(element, compiler, **kw)
    return f"({end} - {start})"
