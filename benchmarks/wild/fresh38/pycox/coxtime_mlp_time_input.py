# Cox-Time: the network also reads the (scaled) time, so its first layer has in_features + 1 inputs
from pycox.models import CoxTime
from pycox.models.cox_time import MLPVanillaCoxTime

in_features = 14
net = MLPVanillaCoxTime(
    in_features=in_features, num_nodes=[64, 64, 32], batch_norm=True, dropout=0.2
)
cox = CoxTime(net)
model = cox.net
