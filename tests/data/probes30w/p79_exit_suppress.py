# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Quiet:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return True


class Loud:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class M(nn.Module):
    def __init__(self):
        super().__init__()
        w = 4
        with Quiet():
            w = 8
            raise ValueError
            w = 99
        self.a = nn.Linear(w, 2)
        try:
            with Loud():
                w = 16
                raise ValueError
        except ValueError:
            w += 1
        self.b = nn.Linear(w, 2)


model = M()
