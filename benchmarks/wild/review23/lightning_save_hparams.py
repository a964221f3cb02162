import torch.nn as nn


class AttributeDict(dict):
    def __getattr__(self, k):
        try:
            return self[k]
        except KeyError as e:
            raise AttributeError(k) from e

    def __setattr__(self, k, v):
        self[k] = v


class LightningModuleLike(nn.Module):
    def __init__(self):
        super().__init__()
        self._hparams = AttributeDict()

    def save_hyperparameters(self, **kw):
        self._hparams.update(kw)

    @property
    def hparams(self):
        return self._hparams


class Lit(LightningModuleLike):
    def __init__(self, hidden=32, n_layers=2, lr=1e-3):
        super().__init__()
        self.save_hyperparameters(hidden=hidden, n_layers=n_layers, lr=lr)
        self.model = nn.Sequential(
            *[
                nn.Linear(self.hparams.hidden, self.hparams.hidden)
                for _ in range(self.hparams.n_layers)
            ]
        )
        self.out = nn.Linear(self.hparams["hidden"], 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lit = Lit(hidden=8, n_layers=3)
