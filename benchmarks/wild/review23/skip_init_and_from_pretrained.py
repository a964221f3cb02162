import torch
import torch.nn as nn
from torch.nn.utils import skip_init


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = skip_init(nn.Linear, 6, 4, bias=False)
        self.e = nn.Embedding.from_pretrained(torch.zeros(9, 5), freeze=True)
        self.b = nn.EmbeddingBag.from_pretrained(torch.zeros(3, 2))
