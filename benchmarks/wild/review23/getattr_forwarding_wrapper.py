import torch.nn as nn


class Wrapper(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.module, name)


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = 12
        self.fc = nn.Linear(4, self.hidden)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = Wrapper(Inner())
        self.head = nn.Linear(self.w.hidden, 3)
        self.head2 = nn.Linear(self.w.fc.out_features, 2)
