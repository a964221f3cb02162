"""SIREN (Sitzmann et al.) with configs that inherit class attributes; a subclass overrides only what it names."""

import math

import torch.nn as nn


class BaseConfig:
    in_features = 2
    out_features = 1
    hidden_features = 64
    hidden_layers = 3
    outermost_linear = True
    first_omega_0 = 30.0

    @classmethod
    def as_kwargs(cls):
        keys = [k for k in dir(cls) if not k.startswith("_") and not callable(getattr(cls, k))]
        return {k: getattr(cls, k) for k in keys}


class AudioConfig(BaseConfig):
    in_features = 1
    hidden_features = 48
    first_omega_0 = 3000.0


class VideoConfig(AudioConfig):
    in_features = 3
    out_features = 3
    hidden_layers = 2


class SineLayer(nn.Module):
    def __init__(self, in_features, out_features, bias=True, is_first=False, omega_0=30.0):
        super().__init__()
        self.omega_0 = omega_0
        self.linear = nn.Linear(in_features, out_features, bias=bias)
        bound = 1 / in_features if is_first else math.sqrt(6 / in_features) / omega_0
        self.linear.weight.data.uniform_(-bound, bound)


class Siren(nn.Module):
    def __init__(
        self,
        in_features,
        hidden_features,
        hidden_layers,
        out_features,
        outermost_linear=False,
        first_omega_0=30.0,
    ):
        super().__init__()
        net = [SineLayer(in_features, hidden_features, is_first=True, omega_0=first_omega_0)]
        for _ in range(hidden_layers):
            net.append(SineLayer(hidden_features, hidden_features))
        if outermost_linear:
            net.append(nn.Linear(hidden_features, out_features))
        else:
            net.append(SineLayer(hidden_features, out_features))
        self.net = nn.Sequential(*net)


model = nn.ModuleDict(
    {"audio": Siren(**AudioConfig.as_kwargs()), "video": Siren(**VideoConfig.as_kwargs())}
)
