import { read } from '../../api/httpClient';
import type { ApiResult } from '../../schemas/envelope';
import type { DashboardData } from './dashboardTypes';

/** The caller's dashboard, every figure in one call. */
export const fetchDashboard = <T extends DashboardData = DashboardData>(): Promise<ApiResult<T>> => read<T>('/dashboard');
