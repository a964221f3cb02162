"""Edit actions: pydantic models, their published JSON Schema, and ``parse_plan``.

The vocabulary is the Neurarch editor's (``add_component {componentType, name, params,
after}``, ``add_connection {from, to}``, ...), and every field also accepts the spellings the
harness uses (``afterName``, ``fromName``/``toName``, ``newName``, snake_case forms). A plan is
a list of actions; an action that does not validate is not applied and costs a penalty, with
the validation message as feedback (``validate_actions``), never an exception.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    StrictFloat,
    StrictInt,
    TypeAdapter,
    ValidationError,
)
from pydantic_core import SchemaValidator

MAX_PLAN_ACTIONS = 256
"""Longest plan accepted; longer ones are cut here and the rest reported as errors."""
MAX_TEXT = 200_000
"""Longest completion ``parse_plan`` reads (characters)."""
NAME = Annotated[str, Field(min_length=1, max_length=128)]
PATTERN = Annotated[str, Field(min_length=1, max_length=128)]
Params = Annotated[dict[str, Any], Field(default_factory=dict, max_length=64)]


def _alias(*names: str) -> Any:
    return AliasChoices(*names)


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)


class AddComponent(_Action):
    """Add a layer; with ``after`` it is spliced in after that component (its outgoing
    connections move to the new layer)."""

    type: Literal["add_component"]
    component_type: NAME = Field(
        validation_alias=_alias("componentType", "component_type", "layerType"),
        serialization_alias="componentType",
    )
    name: NAME | None = None
    params: Params
    after: NAME | None = Field(
        default=None, validation_alias=_alias("after", "afterName", "after_name")
    )


class _Edge(_Action):
    src: NAME = Field(
        validation_alias=_alias("from", "fromName", "from_name", "src", "source"),
        serialization_alias="from",
    )
    dst: NAME = Field(
        validation_alias=_alias("to", "toName", "to_name", "dst", "target"),
        serialization_alias="to",
    )


class AddConnection(_Edge):
    """Wire ``from`` -> ``to`` (a second wire into a layer is its next input)."""

    type: Literal["add_connection"]


class DeleteConnection(_Edge):
    type: Literal["delete_connection"]


class DeleteComponent(_Action):
    """Remove a layer; its predecessors are wired to its successors (the graph self-heals)."""

    type: Literal["delete_component"]
    name: NAME


class DeleteComponentsMatching(_Action):
    type: Literal["delete_components_matching"]
    name_pattern: PATTERN = Field(
        validation_alias=_alias("namePattern", "name_pattern", "pattern"),
        serialization_alias="namePattern",
    )


class UpdateParams(_Action):
    """Merge ``params`` into a layer's params (a key set to null is removed)."""

    type: Literal["update_params"]
    name: NAME
    params: Params


class ScaleParams(_Action):
    """Multiply one numeric param by ``factor`` (rounded, at least ``minValue``) on every layer
    whose name matches ``namePattern`` (all layers without one)."""

    type: Literal["scale_params"]
    param_key: NAME = Field(
        validation_alias=_alias("paramKey", "param_key", "key"), serialization_alias="paramKey"
    )
    factor: StrictFloat | StrictInt = Field(gt=0, le=1024)
    name_pattern: PATTERN | None = Field(
        default=None,
        validation_alias=_alias("namePattern", "name_pattern", "pattern"),
        serialization_alias="namePattern",
    )
    min_value: StrictInt | None = Field(
        default=None,
        validation_alias=_alias("minValue", "min_value"),
        serialization_alias="minValue",
    )


class RenameComponent(_Action):
    type: Literal["rename_component"]
    name: NAME
    new_name: NAME = Field(
        validation_alias=_alias("newName", "new_name", "to"), serialization_alias="newName"
    )


class ComponentSpec(_Action):
    component_type: NAME = Field(
        validation_alias=_alias("componentType", "component_type", "type"),
        serialization_alias="componentType",
    )
    name: NAME
    params: Params


class ReplaceModel(_Action):
    """Rebuild the whole graph (refused on repair tasks: a rebuild is not a fix)."""

    type: Literal["replace_model"]
    model_name: NAME | None = Field(
        default=None,
        validation_alias=_alias("modelName", "model_name", "name"),
        serialization_alias="modelName",
    )
    components: list[ComponentSpec] = Field(max_length=512)
    connections: list[_Edge] = Field(default_factory=list, max_length=2048)


class ClearCanvas(_Action):
    type: Literal["clear_canvas"]


class UpdateConfig(_Action):
    """Set fields of the model's config (tasks on real architectures: the graph is rebuilt
    from the edited config by driftcheck's HF route). A field set to null is removed."""

    type: Literal["update_config"]
    params: Params


Action = Annotated[
    AddComponent
    | AddConnection
    | DeleteConnection
    | DeleteComponent
    | DeleteComponentsMatching
    | UpdateParams
    | ScaleParams
    | RenameComponent
    | ReplaceModel
    | ClearCanvas
    | UpdateConfig,
    Field(discriminator="type"),
]
ACTION_TYPES = (
    "add_component",
    "add_connection",
    "delete_connection",
    "delete_component",
    "delete_components_matching",
    "update_params",
    "scale_params",
    "rename_component",
    "replace_model",
    "clear_canvas",
    "update_config",
)
_ADAPTER: TypeAdapter[Any] = TypeAdapter(Action)
_VALIDATE = (
    _ADAPTER.validator.validate_python
    if isinstance(_ADAPTER.validator, SchemaValidator)
    else _ADAPTER.validate_python
)
"""``_ADAPTER.validate_python`` as the adapter's core validator answers it, called directly:
with no keyword given the adapter's Python wrapper only forwards its defaults (the same
model, the same ``ValidationError``), and skipping it saves about 0.5 us an action."""


class PlanError(ValueError):
    """A completion that holds no plan at all (not JSON, not a list of actions)."""


def _no_constants(name: str) -> Any:
    raise PlanError(f"{name} is not a JSON number")


_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.S)
_START = re.compile(r'\[\s*[{\]]|\{\s*"')
"""Where a plan can start: a list of objects (or an empty list), or an object."""
MAX_TRIES = 64


def parse_plan(text: Any) -> list[dict[str, Any]]:
    """Turn an LLM completion (or a value already decoded) into a list of raw action dicts.

    Accepts a JSON list of actions, ``{"actions": [...]}``, one action object, either inside a
    ```json fence or bare with prose around it (the first JSON value that parses is taken).
    Raises ``PlanError`` (a ``ValueError``) with one line when nothing usable is there. NaN and
    Infinity are refused: they are not JSON numbers.
    """
    if isinstance(text, (list, dict)):
        return _as_actions(text)
    if isinstance(text, list):
        return _as_actions(text)
    if not isinstance(text, str):
        raise PlanError(f"a plan is text or a list of actions, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise PlanError(f"completion longer than {MAX_TEXT} characters")
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    dec = json.JSONDecoder(parse_constant=_no_constants)
    last: str = "no JSON list of actions found"
    tries = 0
    for chunk in candidates:
        s = chunk.strip()
        for m in _START.finditer(s):
            tries += 1
            if tries > MAX_TRIES:  # bounded work on hostile text (every "[" a start)
                raise PlanError(f"no JSON list of actions in the first {MAX_TRIES} candidates")
            i = m.start()
            try:
                value, _ = dec.raw_decode(s, i)
            except PlanError as e:
                raise PlanError(str(e)) from None
            except (json.JSONDecodeError, RecursionError) as e:
                last = f"invalid JSON: {getattr(e, 'msg', 'nested too deeply')}"
                continue
            except ValueError as e:  # an integer of more than 4,300 digits
                last = f"invalid JSON: {str(e).split(':')[0]}"
                continue
            try:
                return _as_actions(value)
            except PlanError as e:
                last = str(e)
                continue
    raise PlanError(last)


def _as_actions(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict) and isinstance(value.get("actions"), list):
        value = value["actions"]
    elif isinstance(value, dict) and "type" in value:
        value = [value]
    if not isinstance(value, list):
        raise PlanError("a plan is a JSON list of actions")
    if value and not any(isinstance(a, dict) for a in value):
        raise PlanError("a plan is a JSON list of action objects")
    return value


def validate_action(raw: Any) -> tuple[Any | None, str | None]:
    """(action model, None) or (None, one-line reason)."""
    if isinstance(raw, BaseModel):
        return raw, None
    if not isinstance(raw, dict):
        return None, f"an action is an object, got {type(raw).__name__}"
    t = raw.get("type")
    if not isinstance(t, str) or t not in ACTION_TYPES:
        return None, f"unknown action type {t!r} (known: {', '.join(ACTION_TYPES)})"
    try:
        return _VALIDATE(raw), None
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(p) for p in err["loc"][1:]) or "<action>"
        more = f" (and {e.error_count() - 1} more)" if e.error_count() > 1 else ""
        return None, f"{t}: {loc}: {err['msg']}{more}"


def dump_action(action: Any) -> dict[str, Any]:
    """An action model as the canonical JSON object (the spellings the schema names first)."""
    return action.model_dump(by_alias=True, exclude_none=True)


# ------------------------------------------------------------------ published schema
_SPELLINGS = {
    "componentType": ["componentType", "component_type", "layerType"],
    "after": ["after", "afterName", "after_name"],
    "from": ["from", "fromName", "from_name", "src", "source"],
    "to": ["to", "toName", "to_name", "dst", "target"],
    "namePattern": ["namePattern", "name_pattern", "pattern"],
    "paramKey": ["paramKey", "param_key", "key"],
    "newName": ["newName", "new_name"],
    "modelName": ["modelName", "model_name"],
    "minValue": ["minValue", "min_value"],
}


def _spread(schema: dict[str, Any]) -> None:
    """Give every field its other accepted spellings in the schema: each spelling is a
    property of the same type, and a required field becomes 'one of its spellings'."""
    props = schema.get("properties")
    if not isinstance(props, dict):
        return
    required = list(schema.get("required", []))
    any_of = []
    for canon, spellings in _SPELLINGS.items():
        if canon not in props:
            continue
        for s in spellings[1:]:
            props.setdefault(s, {**props[canon], "description": f"same as {canon}"})
        if canon in required:
            required.remove(canon)
            any_of.append({"anyOf": [{"required": [s]} for s in spellings]})
    schema["required"] = required
    if any_of:
        schema["allOf"] = any_of


def action_json_schema() -> dict[str, Any]:
    """JSON Schema (2020-12) of one action, peer spellings included."""
    schema = _ADAPTER.json_schema(by_alias=True, mode="serialization")
    for d in schema.get("$defs", {}).values():
        _spread(d)
    return schema


def plan_json_schema() -> dict[str, Any]:
    """JSON Schema of a plan: a list of actions (or ``{"actions": [...]}``)."""
    one = action_json_schema()
    defs = one.pop("$defs", {})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://driftcheck.dev/schema/gym-plan-1.json",
        "title": "driftcheck gym plan",
        "$defs": {**defs, "Action": one},
        "anyOf": [
            {"type": "array", "items": {"$ref": "#/$defs/Action"}, "maxItems": MAX_PLAN_ACTIONS},
            {
                "type": "object",
                "properties": {
                    "actions": {
                        "type": "array",
                        "items": {"$ref": "#/$defs/Action"},
                        "maxItems": MAX_PLAN_ACTIONS,
                    }
                },
                "required": ["actions"],
            },
        ],
    }
