"""Checks a SARIF 2.1.0 log against the requirements of the OASIS schema
that nvc's output touches (required properties, enums and minimums), and
prints one line per result: `level ruleId uri:startLine:startColumn text`.
Exit 1 with a message on the first violation."""
import json
import sys
from urllib.parse import unquote


def need(cond, what):
    if not cond:
        print(f"invalid SARIF: {what}")
        sys.exit(1)


log = json.load(open(sys.argv[1]))
need(log.get("version") == "2.1.0", "version must be 2.1.0")
need(isinstance(log.get("runs"), list), "runs must be an array")
for run in log["runs"]:
    driver = run.get("tool", {}).get("driver")
    need(isinstance(driver, dict), "runs[].tool.driver is required")
    need(isinstance(driver.get("name"), str) and driver["name"], "driver.name is required")
    for r in run.get("results", []):
        need(isinstance(r.get("message"), dict) and isinstance(r["message"].get("text"), str),
             "results[].message.text is required")
        need(r.get("level", "warning") in ("none", "note", "warning", "error"),
             f"level {r.get('level')} is not a SARIF level")
        need(isinstance(r.get("ruleId", ""), str), "ruleId must be a string")
        where = "-"
        for loc in r.get("locations", []):
            phys = loc["physicalLocation"]
            uri = phys["artifactLocation"]["uri"]
            need(" " not in uri, f"uri {uri!r} is not a URI reference")
            region = phys.get("region", {})
            for key in ("startLine", "startColumn"):
                need(region.get(key, 1) >= 1, f"{key} must be at least 1")
            where = f"{unquote(uri)}:{region.get('startLine')}:{region.get('startColumn')}"
        print(r.get("level"), r.get("ruleId"), where, r["message"]["text"])
