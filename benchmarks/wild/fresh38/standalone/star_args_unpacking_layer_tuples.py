# layer specs as tuples unpacked with * into constructors
import torch.nn as nn

specs = [
    (nn.Conv1d, (1, 16, 9), {"stride": 2}),
    (nn.BatchNorm1d, (16,), {}),
    (nn.Conv1d, (16, 32, 9), {"stride": 2, "bias": False}),
    (nn.BatchNorm1d, (32,), {"affine": False}),
    (nn.GRU, (32, 48), {"batch_first": True, "bidirectional": True}),
]
model = nn.ModuleList(cls(*args, **kw) for cls, args, kw in specs)
