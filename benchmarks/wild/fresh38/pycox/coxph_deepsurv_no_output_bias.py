# DeepSurv (CoxPH): one risk score, no output bias (the Cox partial likelihood ignores it)
import torchtuples as tt
from pycox.models import CoxPH

net = tt.practical.MLPVanilla(
    in_features=21,
    num_nodes=[128, 64, 64],
    out_features=1,
    batch_norm=True,
    dropout=0.25,
    output_bias=False,
)
model = CoxPH(net, tt.optim.Adam).net
