import functools

import torch.nn as nn


class PostInit(nn.Module):
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        orig = cls.__init__

        @functools.wraps(orig)
        def __init__(self, *a, **k):
            orig(self, *a, **k)
            if type(self) is cls:
                self.post_init()

        cls.__init__ = __init__

    def post_init(self):
        self.extra = nn.Linear(self.dim, 1)


class Enc(PostInit):
    def __init__(self, dim=6):
        super().__init__()
        self.dim = dim
        self.fc = nn.Linear(dim, dim)


class Enc2(Enc):
    def __init__(self):
        super().__init__(dim=3)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Enc()
        self.b = Enc2()
