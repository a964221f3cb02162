import torch.nn as nn


class Wrap(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.m, name)


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.width = 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        w = Wrap(Inner())
        self.w = w
        self.a = nn.Linear(2, 4 if hasattr(w, "width") else 1)
        self.b = nn.Linear(2, 4 if hasattr(w, "nothing") else 1)
