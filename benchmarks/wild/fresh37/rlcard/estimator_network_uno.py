# rlcard's Q estimator network for UNO's 4x15 plane observation (flatten + batchnorm + tanh MLP)
import rlcard
from rlcard.agents.dqn_agent import EstimatorNetwork

env = rlcard.make("uno")
model = EstimatorNetwork(
    num_actions=env.num_actions, state_shape=env.state_shape[0], mlp_layers=[256, 128]
)
