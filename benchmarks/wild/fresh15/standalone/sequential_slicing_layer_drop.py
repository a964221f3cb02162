"""A pretrained-style transformer shortened by slicing: keep every other layer (ModuleList
slicing), then a Sequential slice of the stem reused in a second branch (shared modules)."""

import torch.nn as nn


class Layer(nn.Module):
    def __init__(self, d=128):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, 4, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.ReLU(), nn.Linear(2 * d, d))
        self.n1, self.n2 = nn.LayerNorm(d), nn.LayerNorm(d)


class Student(nn.Module):
    def __init__(self, d=128, teacher_depth=12):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv1d(8, 64, 5), nn.ReLU(), nn.Conv1d(64, d, 3), nn.ReLU())
        teacher_layers = nn.ModuleList(Layer(d) for _ in range(teacher_depth))
        self.layers = teacher_layers[::2]
        del self.layers[-1]
        self.aux_stem = self.stem[:2]  # shares the first conv
        self.aux_head = nn.Linear(64, 4)
        self.head = nn.Linear(d, 4)


model = Student()
