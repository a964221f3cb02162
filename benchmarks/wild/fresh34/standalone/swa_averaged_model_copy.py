import torch.nn as nn
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn


class Net(nn.Module):
    def __init__(self, d_in=20, hidden=64, n_out=5):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(d_in, hidden), nn.BatchNorm1d(hidden), nn.ReLU(), nn.Linear(hidden, n_out)
        )


class Trainer(nn.Module):
    def __init__(self, d_in, hidden, n_out, decay=0.999):
        super().__init__()
        self.net = Net(d_in, hidden, n_out)
        # AveragedModel deep-copies the wrapped module
        self.ema = AveragedModel(
            self.net, multi_avg_fn=get_ema_multi_avg_fn(decay), use_buffers=True
        )


model = Trainer(d_in=12, hidden=48, n_out=3)
