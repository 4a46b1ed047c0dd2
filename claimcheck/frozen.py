"""The base of the models that cross a boundary: immutable, and no unknown field."""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """A frozen pydantic model that refuses unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


M = TypeVar("M", bound=BaseModel)
_REQUIRED = object()  # a field without a plain default, in a class's template


def construct(cls: type[M], fields_set: set[str], values: dict[str, Any]) -> M:
    """``cls.model_construct(fields_set, **values)`` for values already valid, built from a
    copy of the class's defaults (about 5x faster: pydantic's own looks up every field's
    aliases and default each time). ``values`` names fields only; a model with aliases,
    private attributes or a post-init hook, or a call that leaves unset a field without a
    default or with a default factory, goes through ``model_construct`` itself. When
    ``values`` gives every field in the class's order, it becomes the model's ``__dict__``
    (no copy: pass a dict of your own, as a literal or ``{**...}`` is)."""
    plan = _plan(cls)
    if plan is None:
        return cls.model_construct(fields_set, **values)
    template, given, names = plan
    if len(values) == len(names) and tuple(values) == names:
        fields = values
    else:
        fields = template.copy()  # in the order of the class's fields, as model_construct has them
        fields.update(values)
        if len(fields) != len(template) or not values.keys() >= given:
            return cls.model_construct(fields_set, **values)
    return made(cls, fields_set, fields)


_set = object.__setattr__  # pydantic's own refuses to set a frozen model's attributes


def made(cls: type[M], fields_set: set[str], values: dict[str, Any]) -> M:
    """``construct`` for ``values`` that give every field of a plain model (see ``construct``)
    in the class's order, as a dict of the caller's own: the hot paths of a batch, which make a
    dozen models a claim, skip checking that promise (tests/test_judge.py checks it for them)."""
    model = cls.__new__(cls)
    _set(model, "__dict__", values)
    _set(model, "__pydantic_fields_set__", fields_set)
    _set(model, "__pydantic_extra__", None)
    _set(model, "__pydantic_private__", None)
    return model


def replaced(model: M, update: dict[str, Any]) -> M:
    """``model.model_copy(update=update)`` for values already valid, built as ``construct``
    builds a model: the same fields, the same fields set, the same shallow copy."""
    cls = type(model)
    if _plan(cls) is None:
        return model.model_copy(update=update)
    return construct(cls, model.model_fields_set | update.keys(), {**model.__dict__, **update})


@cache
def _plan(
    cls: type[BaseModel],
) -> tuple[dict[str, Any], frozenset[str], tuple[str, ...]] | None:
    """The class's template (see ``_template``), the fields a call must give (those without a
    plain default) and every field's name in order; ``None`` when the class needs more than
    its fields set."""
    template = _template(cls)
    if template is None:
        return None
    given = frozenset(name for name, value in template.items() if value is _REQUIRED)
    return template, given, tuple(template)


def _template(cls: type[BaseModel]) -> dict[str, Any] | None:
    """Each field's default (``_REQUIRED`` for none, or one a factory makes), in field order;
    ``None`` when the class needs more than its fields set."""
    plain = (
        not cls.__pydantic_root_model__
        and not cls.__pydantic_post_init__
        and not cls.__private_attributes__
        and cls.model_config.get("extra") != "allow"
    )
    template: dict[str, Any] = {}
    for name, field in cls.model_fields.items():
        if field.alias is not None or field.validation_alias is not None:
            plain = False
        # A default made by a factory is made anew for each model: such a field must be given.
        given = field.is_required() or field.default_factory is not None
        template[name] = _REQUIRED if given else field.default
    return template if plain else None
