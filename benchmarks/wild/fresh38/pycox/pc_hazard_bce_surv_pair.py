# piecewise-constant hazard and BCE survival nets from one helper
import torch.nn as nn
import torchtuples as tt
from pycox.models import BCESurv, PCHazard


def make_net(n_out, widths=(32, 16)):
    return tt.practical.MLPVanilla(5, list(widths), n_out, batch_norm=False, dropout=None)


pch = PCHazard(make_net(12), duration_index=[float(i) for i in range(13)])
bce = BCESurv(make_net(12, widths=(48,)))
model = nn.ModuleDict({"pchazard": pch.net, "bcesurv": bce.net})
