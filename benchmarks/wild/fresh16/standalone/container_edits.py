import torch.nn as nn

body = nn.Sequential(nn.Linear(16, 32), nn.ReLU())
body.append(nn.Linear(32, 32))
body.extend([nn.ReLU(), nn.Linear(32, 8)])
body.insert(0, nn.LayerNorm(16))

heads = nn.ModuleDict({"cls": nn.Linear(8, 3), "reg": nn.Linear(8, 1)})
heads.update({"aux": nn.Linear(8, 5), "reg": nn.Linear(8, 2)})
dropped = heads.pop("aux")

blocks = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])
blocks.insert(1, nn.Linear(8, 8, bias=False))
blocks += [nn.Linear(8, 8)]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = body
        self.blocks = blocks
        self.heads = heads


model = Net()
