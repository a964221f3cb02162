# stages registered with add_module under f-string names, then one replaced by name
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, stages=(2, 2, 2), width=32):
        super().__init__()
        c = 3
        for si, n in enumerate(stages):
            for bi in range(n):
                w = width * 2**si
                self.add_module(
                    f"s{si}_b{bi}", nn.Conv2d(c, w, 3, stride=2 if bi == 0 else 1, padding=1)
                )
                c = w
        self.out_ch = c


model = Net(stages=(2, 3, 1), width=16)
name = "s1_b2"
setattr(model, name, nn.Conv2d(32, 32, 1))
model.head = nn.Linear(model.out_ch, 5)
