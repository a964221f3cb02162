"""A model described in an XML string read with xml.etree.ElementTree: attributes give widths, a missing
attribute falls back through .get's default, and the disabled layer (enabled="0") is skipped."""

import xml.etree.ElementTree as ET

import torch.nn as nn

XML = """
<net in="9">
  <layer out="24"/>
  <layer out="12" enabled="0"/>
  <layer out="18" act="gelu"/>
  <layer/>
</net>
"""
root = ET.fromstring(XML)
cin = int(root.get("in"))
layers = []
for el in root.iter("layer"):
    if el.get("enabled", "1") == "0":
        continue
    out = int(el.get("out", "5"))
    layers.append(nn.Linear(cin, out))
    layers.append(nn.GELU() if el.get("act") == "gelu" else nn.ReLU())
    cin = out
model = nn.Sequential(*layers)
