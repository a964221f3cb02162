# layer order taken from a sorted() over a dict of stage specs with a key lambda
import torch.nn as nn

STAGES = {
    "s3": {"order": 3, "c": 96},
    "s1": {"order": 1, "c": 24},
    "s2": {"order": 2, "c": 48},
    "s4": {"order": 4, "c": 160},
}
chs = [3] + [v["c"] for _, v in sorted(STAGES.items(), key=lambda kv: kv[1]["order"])]
model = nn.Sequential(
    *[
        nn.Sequential(nn.Conv2d(a, b, 3, 2, 1), nn.BatchNorm2d(b), nn.Hardswish())
        for a, b in zip(chs, chs[1:])
    ]
)
