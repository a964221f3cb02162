# NeuralHydrology CudaLSTM on CAMELS-style forcings + static catchment attributes
from neuralhydrology.modelzoo import CudaLSTM
from neuralhydrology.utils.config import Config

cfg = Config(
    {
        "model": "cudalstm",
        "hidden_size": 64,
        "initial_forget_bias": 3,
        "output_dropout": 0.4,
        "output_activation": "linear",
        "head": "regression",
        "dynamic_inputs": ["prcp(mm/day)", "srad(W/m2)", "tmax(C)", "tmin(C)", "vp(Pa)"],
        "static_attributes": ["elev_mean", "slope_mean", "area_gages2", "frac_forest", "p_mean"],
        "target_variables": ["QObs(mm/d)"],
        "seq_length": 365,
        "predict_last_n": 1,
    },
    dev_mode=True,
)
model = CudaLSTM(cfg=cfg)
