"""Building IR models from values the compiler made itself, without re-validating them.

Passes create hundreds of thousands of small models (keyword postings, routes, node copies)
from values whose types they already guarantee; running pydantic validation on each one is
a large share of a compile. `construct` and `replace` build the same objects as the
validating constructor and `model_copy` would, for well-typed input, at a fraction of the
cost. (`BaseModel.model_construct` is no help: in pydantic 2.14 it inspects the signature of
every `default_factory` on every call, ~100x slower than validating.)

The boundaries still validate: `load_ir` validates every payload, `save_ir` serialises with
`warnings="error"` (a value of the wrong type fails the save), and the public models are
validated whenever they are created from outside data. Tests compare constructed documents
with their validated round trip.

Contract: the caller passes values of the declared types (an `int` where a `float` is
declared would be stored as given and dumped as `1`, not `1.0`), every required field, and
no unknown field. Nothing is copied: pass lists the model may own.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

M = TypeVar("M", bound=BaseModel)

_set = object.__setattr__
_REQUIRED = object()


class _Plan:
    """Per model class: field order with plain defaults, factories, required names."""

    __slots__ = ("factories", "private", "required", "template")

    def __init__(self, cls: type[BaseModel]) -> None:
        self.template: dict[str, Any] = {}
        self.factories: list[tuple[str, Any]] = []
        self.required: list[str] = []
        for name, info in cls.model_fields.items():
            if info.default_factory is not None:
                self.template[name] = _REQUIRED
                self.factories.append((name, info.default_factory))
            elif info.default is PydanticUndefined:
                self.template[name] = _REQUIRED
                self.required.append(name)
            else:
                self.template[name] = info.default
        # private attributes start as their defaults (None for every IR model that has one)
        self.private: dict[str, Any] | None = (
            {name: attr.get_default() for name, attr in cls.__private_attributes__.items()}
            if cls.__private_attributes__
            else None
        )


_PLANS: dict[type[BaseModel], _Plan] = {}


def _plan(cls: type[BaseModel]) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _Plan(cls)
    return plan


def construct(cls: type[M], /, **values: Any) -> M:
    """`cls(**values)` without validation (see the module docstring for the contract)."""
    plan = _plan(cls)
    data = dict(plan.template)
    data.update(values)
    if len(data) != len(plan.template):
        unknown = sorted(set(values) - set(plan.template))
        raise TypeError(f"{cls.__name__} has no field(s) {unknown}")
    for name, factory in plan.factories:
        if data[name] is _REQUIRED:
            data[name] = factory()
    for name in plan.required:
        if data[name] is _REQUIRED:
            raise TypeError(f"{cls.__name__} needs field {name!r}")
    obj = cls.__new__(cls)
    _set(obj, "__dict__", data)
    _set(obj, "__pydantic_fields_set__", set(values))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", dict(plan.private) if plan.private is not None else None)
    return obj


def replace(model: M, /, **update: Any) -> M:
    """`model.model_copy(update=update)` (a shallow copy) without pydantic's overhead.

    Private attributes (lookup caches such as `DocumentTree`'s id index) start afresh
    instead of being copied: the update may have made them stale.
    """
    cls = type(model)
    data = dict(model.__dict__)
    data.update(update)
    if len(data) != len(model.__dict__):
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(set(update) - set(model.__dict__))}")
    obj = cls.__new__(cls)
    _set(obj, "__dict__", data)
    _set(obj, "__pydantic_fields_set__", model.__pydantic_fields_set__ | update.keys())
    _set(obj, "__pydantic_extra__", None)
    private = _plan(cls).private
    _set(obj, "__pydantic_private__", dict(private) if private is not None else None)
    return obj
