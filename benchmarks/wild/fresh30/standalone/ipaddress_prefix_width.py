"""The number of experts from an `ipaddress` network's size: 10.0.0.0/29 has 8 addresses; the hidden width from
the host count of a /28 (14 usable hosts)."""

import ipaddress

import torch.nn as nn

n_experts = ipaddress.ip_network("10.0.0.0/29").num_addresses  # 8
hidden = len(list(ipaddress.ip_network("192.168.1.0/28").hosts()))  # 14
model = nn.ModuleList(
    nn.Sequential(nn.Linear(10, hidden), nn.GELU(), nn.Linear(hidden, 10)) for _ in range(n_experts)
)
