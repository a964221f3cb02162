# a spec table class with __getitem__ / __len__ / __iter__ drives the layer list
import torch.nn as nn


class Spec:
    _rows = [(1, 32, 5), (32, 32, 3), (32, 64, 3), (64, 64, 3), (64, 128, 3)]

    def __len__(self):
        return len(self._rows)

    def __getitem__(self, i):
        cin, cout, k = self._rows[i]
        return {"in_channels": cin, "out_channels": cout, "kernel_size": k, "padding": k // 2}

    def __iter__(self):
        return (self[i] for i in range(len(self)))


spec = Spec()
model = nn.Sequential(
    *(nn.Sequential(nn.Conv1d(**row), nn.ReLU()) for row in spec),
    nn.Conv1d(spec[-1]["out_channels"], 8, 1),
)
