# sub-trajectory balance with layer-normed MLPs and leaky ReLU
from gfn.estimators import DiscretePolicyEstimator, ScalarEstimator
from gfn.gflownet import SubTBGFlowNet
from gfn.gym import HyperGrid
from gfn.preprocessors import KHotPreprocessor
from gfn.utils.modules import MLP

env = HyperGrid(ndim=3, height=10)
pre = KHotPreprocessor(height=env.height, ndim=env.ndim)


def make_mlp(out_dim, hidden=96):
    return MLP(
        input_dim=pre.output_dim,
        output_dim=out_dim,
        hidden_dim=hidden,
        n_hidden_layers=2,
        activation_fn="leaky_relu",
        add_layer_norm=True,
    )


model = SubTBGFlowNet(
    pf=DiscretePolicyEstimator(make_mlp(env.n_actions), env.n_actions, preprocessor=pre),
    pb=DiscretePolicyEstimator(
        make_mlp(env.n_actions - 1), env.n_actions, preprocessor=pre, is_backward=True
    ),
    logF=ScalarEstimator(make_mlp(1, hidden=48), preprocessor=pre),
    weighting="geometric_within",
    lamda=0.9,
)
