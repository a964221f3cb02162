# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from string import Template


class M(nn.Module):
    def __init__(self):
        super().__init__()
        t = Template("${w}0")
        width = int(t.substitute(w=3))
        other = Template("$a$b").safe_substitute(a=2)
        self.a = nn.Linear(width, 4)
        self.b = nn.Linear(len(other), 4)


model = M()
