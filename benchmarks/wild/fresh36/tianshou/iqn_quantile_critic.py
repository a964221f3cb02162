# implicit quantile network on top of a shared feature Net
from tianshou.utils.net.common import Net
from tianshou.utils.net.discrete import ImplicitQuantileNetwork

feature_net = Net(state_shape=(4,), action_shape=96, hidden_sizes=[128], softmax=False)
model = ImplicitQuantileNetwork(
    preprocess_net=feature_net,
    action_shape=2,
    hidden_sizes=[64],
    num_cosines=32,
)
