from zerorl.helpers.factory import PolicyAgent

model = PolicyAgent(input_dim=6, output_dim=3, is_discrete=False, hidden_dim=40)
