import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { ROLES, parseRole, type Role } from '../../schemas/roles';

interface RoleSelectProps {
  value: Role;
  onChange: (role: Role) => void;
  error?: string;
}

/** The role dropdown, in the product's order and spelling (see roles). */
export function RoleSelect({ value, onChange, error }: RoleSelectProps) {
  return (
    <FormControl fullWidth error={Boolean(error)}>
      <InputLabel id="role-label">Role</InputLabel>
      <Select
        labelId="role-label"
        id="role"
        name="role"
        label="Role"
        value={value}
        onChange={(event) => {
          const role = parseRole(event.target.value);
          if (role) onChange(role);
        }}
        aria-describedby={error ? 'role-error' : undefined}
      >
        {ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {role}
          </MenuItem>
        ))}
      </Select>
      {error && <FormHelperText id="role-error">{error}</FormHelperText>}
    </FormControl>
  );
}
