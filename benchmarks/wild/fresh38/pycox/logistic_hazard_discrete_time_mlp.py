# discrete-time survival with PyCox: 20 duration cuts, a torchtuples MLP gives one logit per interval
import numpy as np
import torchtuples as tt
from pycox.models import LogisticHazard

num_durations = 20
cuts = np.linspace(0, 365, num_durations)
net = tt.practical.MLPVanilla(
    in_features=9, num_nodes=[32, 32], out_features=len(cuts), batch_norm=True, dropout=0.1
)
surv = LogisticHazard(net, tt.optim.Adam(0.01), duration_index=cuts)
model = surv.net
