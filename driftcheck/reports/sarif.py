"""SARIF 2.1.0 for code scanning.

One rule per check id seen; one result per finding at its primary location (a file:line when
one exists), the other sides as ``relatedLocations``. A config key becomes an artifact location
without a region plus a logical location naming the key; a location with no file (a hub id's
key) is a logical location only. Severity maps to level: major/blocker error, minor/warning
warning, info note; the driftcheck severity itself is kept in ``properties``.
"""

from __future__ import annotations

import json
from pathlib import PurePosixPath
from typing import Any

from driftcheck.findings import Finding, Location
from driftcheck.reports.common import ReportContext, fmt_value, level, ordered, primary

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def _uri(path: str) -> str:
    """Repository files stay relative; a file outside the repository becomes a file:// URI."""
    if path.startswith("/"):
        return PurePosixPath(path).as_uri()
    return path


def _location(loc: Location, ctx: ReportContext, text: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if loc.file:
        phys: dict[str, Any] = {"artifactLocation": {"uri": _uri(ctx.relpath(loc.file))}}
        if loc.line is not None and loc.line >= 1:
            phys["region"] = {"startLine": loc.line}
        out["physicalLocation"] = phys
    if loc.key:
        out["logicalLocations"] = [{"fullyQualifiedName": loc.key, "kind": "member"}]
    if text:
        out["message"] = {"text": text}
    return out


def _side_text(f: Finding, loc: Location) -> str | None:
    if loc.side is None:
        return None
    if loc.side in f.values:
        return f"{loc.side}: {fmt_value(f.values[loc.side])}"
    return loc.side


def _rule(f: Finding) -> dict[str, Any]:
    return {
        "id": f.check_id,
        "name": f.name,
        "shortDescription": {"text": f.kind or f.name},
        "defaultConfiguration": {"level": level(f.severity)},
    }


def render_sarif(findings: list[Finding], ctx: ReportContext) -> str:
    rules: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    results = []
    for f in ordered(findings):
        if f.check_id not in index:
            index[f.check_id] = len(rules)
            rules.append(_rule(f))
        result: dict[str, Any] = {
            "ruleId": f.check_id,
            "ruleIndex": index[f.check_id],
            "level": level(f.severity),
            "message": {"text": f.message},
        }
        main = primary(f)
        if main is not None:
            result["locations"] = [_location(main, ctx, _side_text(f, main))]
        related = [loc for loc in f.locations if loc is not main]
        if related:
            result["relatedLocations"] = [
                {"id": i, **_location(loc, ctx, _side_text(f, loc) or ctx.where(loc))}
                for i, loc in enumerate(related)
            ]
        props: dict[str, Any] = {"severity": f.severity.value}
        if f.attribute:
            props["attribute"] = f.attribute
        if f.values:
            props["values"] = f.values
        if f.node:
            props["node"] = f.node
        result["properties"] = props
        results.append(result)
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": ctx.tool,
                "version": ctx.version,
                "informationUri": ctx.information_uri,
                "rules": rules,
            }
        },
        "results": results,
    }
    if ctx.command:
        run["automationDetails"] = {"id": f"{ctx.tool}/{ctx.command}/"}
    doc = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(doc, indent=2, default=str) + "\n"
