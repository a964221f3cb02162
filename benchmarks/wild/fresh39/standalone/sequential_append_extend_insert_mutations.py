# an nn.Sequential / ModuleList grown with append, extend and insert after construction, one pop
import torch.nn as nn

net = nn.Sequential(nn.Linear(64, 128))
net.append(nn.ReLU())
net.extend([nn.Linear(128, 128), nn.ReLU()])
net.insert(0, nn.LayerNorm(64))
heads = nn.ModuleList([nn.Linear(128, 1) for _ in range(3)])
heads.append(nn.Linear(128, 7))
heads.extend([nn.Linear(128, 2)])
heads.insert(1, nn.Linear(128, 4))
dropped = heads.pop(0)
model = nn.ModuleDict({"body": net, "heads": heads})
