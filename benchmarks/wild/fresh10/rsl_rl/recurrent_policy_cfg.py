from dataclasses import asdict, dataclass, field

from rsl_rl.modules import ActorCriticRecurrent


@dataclass
class PolicyCfg:
    actor_hidden_dims: list = field(default_factory=lambda: [256, 128])
    critic_hidden_dims: list = field(default_factory=lambda: [256, 128])
    activation: str = "elu"
    rnn_type: str = "gru"
    rnn_hidden_dim: int = 128
    rnn_num_layers: int = 2
    init_noise_std: float = 0.8


cfg = PolicyCfg()
model = ActorCriticRecurrent(num_actor_obs=45, num_critic_obs=45, num_actions=12, **asdict(cfg))
