"""A point that ran throttled says so.

The roofline's largest BF16 product ran at 1,485 MHz instead of 1,980 under the power cap,
and nothing in its record said so (issue 41). A version 2 record samples the SM clock, power
and the driver's clock-event reasons while each point runs; where it did (`method.telemetry`
is not `none`), every point says `throttled`, and a point whose reasons hold one that lowers
the clock under load and says `throttled: false` is refused at the flag (labs/RECORDS.md,
rule 5).
"""

from __future__ import annotations

from gpulist.checks._labs import points, v2_records
from gpulist.checks._util import at_doc
from gpulist.load import Catalog
from gpulist.models.measurement_v2 import THROTTLING
from gpulist.problems import Problem

RULE = "measurement-throttle"


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for doc, data in v2_records(catalog):
        method = data.get("method")
        if not isinstance(method, dict) or method.get("telemetry") in (None, "none"):
            continue
        for i, _, j, point in points(data):
            telemetry = point.get("telemetry")
            reasons = telemetry.get("reasons") if isinstance(telemetry, dict) else None
            hit = [r for r in reasons if r in THROTTLING] if isinstance(reasons, list) else []
            if "throttled" not in point:
                problems.append(at_doc(doc, ("series", i, "points", j), f"the point at x = {point.get('x')} does "
                                       f"not say `throttled`, though telemetry was sampled ({method['telemetry']})",
                                       RULE))
            elif point["throttled"] is False and hit:
                problems.append(at_doc(doc, ("series", i, "points", j, "throttled"), f"the point at x = "
                                       f"{point.get('x')} ran with {', '.join(hit)} among its clock-event reasons: "
                                       "it is `throttled: true`", RULE))
    return problems
