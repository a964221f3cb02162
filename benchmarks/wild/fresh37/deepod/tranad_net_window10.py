# TranAD's two-phase transformer for anomaly detection
from deepod.models.time_series.tranad import TranADNet

model = TranADNet(feats=7, n_window=10)
