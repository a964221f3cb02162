# PMF and MTLR heads on the same covariates, kept side by side for an ensemble
import torch.nn as nn
import torchtuples as tt
from pycox.models import MTLR, PMF

n_cov, n_bins = 7, 15
pmf = PMF(tt.practical.MLPVanilla(n_cov, [40, 40], n_bins, batch_norm=False, dropout=0.1))
mtlr = MTLR(tt.practical.MLPVanilla(n_cov, [24], n_bins, batch_norm=True))
model = nn.ModuleList([pmf.net, mtlr.net])
