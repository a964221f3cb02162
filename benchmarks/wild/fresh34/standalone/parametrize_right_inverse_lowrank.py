import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)

    def right_inverse(self, A):
        return A.triu()


class LowRank(nn.Module):
    """weight = U @ V: the original tensor is replaced by two factors (right_inverse returns a tuple)"""

    def __init__(self, rank):
        super().__init__()
        self.rank = rank

    def forward(self, U, V):
        return U @ V

    def right_inverse(self, W):
        U, S, Vh = torch.linalg.svd(W, full_matrices=False)
        r = self.rank
        return U[:, :r] * S[:r], Vh[:r]


class Net(nn.Module):
    def __init__(self, d, d_out, rank):
        super().__init__()
        self.sym = nn.Linear(d, d)
        self.low = nn.Linear(d, d_out, bias=False)
        P.register_parametrization(self.sym, "weight", Symmetric())
        P.register_parametrization(self.low, "weight", LowRank(rank))


model = Net(d=24, d_out=16, rank=4)
