import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.pd = nn.ParameterDict(
            {"a": nn.Parameter(torch.zeros(3)), "b": nn.Parameter(torch.zeros(2, 2))}
        )
        self.pd.update({"c": nn.Parameter(torch.zeros(5))})
        self.pd.pop("a")
        self.pl = nn.ParameterList(nn.Parameter(torch.zeros(i + 1)) for i in range(3))
        self.pl.append(self.pd["b"])
