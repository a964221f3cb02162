# PPO on a discrete task: separate actor and critic bodies, joined in ActorCritic
from tianshou.utils.net.common import ActorCritic, Net
from tianshou.utils.net.discrete import DiscreteActor, DiscreteCritic

state_shape, n_actions = (8,), 4

actor = DiscreteActor(
    preprocess_net=Net(state_shape=state_shape, hidden_sizes=[64, 64]),
    action_shape=n_actions,
    hidden_sizes=[32],
)
critic = DiscreteCritic(
    preprocess_net=Net(state_shape=state_shape, hidden_sizes=[64, 64]), hidden_sizes=[32]
)
model = ActorCritic(actor, critic)
