import torch.nn as nn

_NORM = dict(
    batchnorm=nn.BatchNorm2d, groupnorm=lambda c: nn.GroupNorm(4, c), none=lambda c: nn.Identity()
)


def get_norm(name, c):
    if isinstance(name, str):
        return _NORM[name.lower()](c)
    return name(c)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = nn.ModuleList([get_norm(k, 8) for k in ("BatchNorm", "GroupNorm", "none")])
        self.o = get_norm(nn.InstanceNorm2d, 8)
